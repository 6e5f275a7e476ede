-- A multi-statement script: DDL, an index, data and a comment holding a semicolon.
CREATE TABLE compat_account (
    id      BIGINT AUTO_INCREMENT PRIMARY KEY,
    name    VARCHAR(100) NOT NULL,
    balance DECIMAL(12, 2) NOT NULL DEFAULT 0
) COMMENT = 'accounts; a semicolon inside a string';
CREATE INDEX compat_account_name ON compat_account (name);
INSERT INTO compat_account (name, balance) VALUES ('alice', 10.50), ('bob', 0);
