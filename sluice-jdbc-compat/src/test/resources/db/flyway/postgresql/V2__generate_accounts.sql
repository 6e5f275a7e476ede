-- A DO block: the statement splitter must keep the dollar-quoted body whole.
DO $$
DECLARE
    i int;
BEGIN
    FOR i IN 1..5 LOOP
        INSERT INTO compat_account (name) VALUES ('generated-' || i);
    END LOOP;
END
$$;
