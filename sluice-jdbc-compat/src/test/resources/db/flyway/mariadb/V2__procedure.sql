-- A stored procedure: its body holds semicolons, so the script changes the delimiter.
DELIMITER //
CREATE PROCEDURE compat_generate_accounts(IN how_many INT)
BEGIN
    DECLARE i INT DEFAULT 1;
    WHILE i <= how_many DO
        INSERT INTO compat_account (name) VALUES (CONCAT('generated-', i));
        SET i = i + 1;
    END WHILE;
END //
DELIMITER ;
CALL compat_generate_accounts(5);
