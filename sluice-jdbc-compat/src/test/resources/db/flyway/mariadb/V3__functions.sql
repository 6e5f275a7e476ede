-- Question marks inside function bodies and string literals are not parameters.
CREATE FUNCTION compat_describe(account_name VARCHAR(100)) RETURNS VARCHAR(200) DETERMINISTIC
    RETURN CONCAT('who is ', account_name, '? (a ? stays a ?)');
CREATE FUNCTION compat_question() RETURNS VARCHAR(50) DETERMINISTIC RETURN 'is this a question?';
