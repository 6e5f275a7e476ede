-- Question marks inside function bodies and string literals are not parameters.
CREATE FUNCTION compat_describe(account_name text) RETURNS text LANGUAGE plpgsql AS $body$
BEGIN
    RETURN 'who is ' || account_name || '? (a ? stays a ?)';
END
$body$;
CREATE FUNCTION compat_question() RETURNS text LANGUAGE sql AS 'SELECT ''is this a question?''::text';
