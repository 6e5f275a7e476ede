-- The schema both MySQL/MariaDB drivers' DatabaseMetaData describe in SluiceDatabaseMetaDataMysqlTest.
DROP DATABASE IF EXISTS jdbcmeta_my;
DROP DATABASE IF EXISTS jdbcmeta_myx;
CREATE USER IF NOT EXISTS 'jdbcmeta_reader'@'%';
CREATE DATABASE jdbcmeta_my;
CREATE DATABASE jdbcmeta_myx;
CREATE TABLE jdbcmeta_my.customer (
    id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
    code varchar(20) NOT NULL UNIQUE COMMENT 'Short unique code',
    name text,
    created_at timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) ENGINE = InnoDB COMMENT = 'People who order';
GRANT SELECT, INSERT ON jdbcmeta_my.customer TO 'jdbcmeta_reader'@'%';
GRANT SELECT (code), UPDATE (name) ON jdbcmeta_my.customer TO 'jdbcmeta_reader'@'%';
CREATE TABLE jdbcmeta_my.all_types (
    c_tinyint tinyint,
    c_tinyint1 tinyint(1),
    c_smallint smallint,
    c_mediumint mediumint,
    c_int int NOT NULL DEFAULT 42,
    c_int_unsigned int unsigned,
    c_bigint bigint,
    c_bigint_unsigned bigint unsigned,
    c_decimal decimal(12, 3),
    c_float float,
    c_double double,
    c_bool boolean DEFAULT true,
    c_bit bit(1),
    c_bit8 bit(8),
    c_char char(5),
    c_varchar varchar(100) DEFAULT 'x',
    c_tinytext tinytext,
    c_text text,
    c_mediumtext mediumtext,
    c_longtext longtext,
    c_binary binary(4),
    c_varbinary varbinary(50),
    c_blob blob,
    c_longblob longblob,
    c_date date,
    c_time time,
    c_time3 time(3),
    c_datetime datetime,
    c_datetime6 datetime(6),
    c_timestamp timestamp NULL,
    c_year year,
    c_enum enum('sad', 'ok', 'happy'),
    c_set set('a', 'b'),
    c_json json,
    c_generated int GENERATED ALWAYS AS (c_int * 2) VIRTUAL
) ENGINE = InnoDB;
CREATE TABLE jdbcmeta_my.order_header (
    region char(2) NOT NULL,
    order_no int NOT NULL,
    customer_id bigint,
    placed date,
    PRIMARY KEY (region, order_no),
    CONSTRAINT order_header_customer_fk FOREIGN KEY (customer_id) REFERENCES jdbcmeta_my.customer (id)
        ON DELETE CASCADE ON UPDATE RESTRICT
) ENGINE = InnoDB;
CREATE TABLE jdbcmeta_my.order_line (
    region char(2) NOT NULL,
    order_no int NOT NULL,
    line_no smallint NOT NULL,
    sku varchar(30),
    qty int,
    PRIMARY KEY (region, order_no, line_no),
    CONSTRAINT order_line_header_fk FOREIGN KEY (region, order_no)
        REFERENCES jdbcmeta_my.order_header (region, order_no) ON DELETE NO ACTION ON UPDATE CASCADE
) ENGINE = InnoDB;
CREATE INDEX order_line_sku_idx ON jdbcmeta_my.order_line (sku DESC, qty);
CREATE UNIQUE INDEX order_line_sku_line_uq ON jdbcmeta_my.order_line (sku, line_no);
CREATE VIEW jdbcmeta_my.customer_names AS SELECT id, name FROM jdbcmeta_my.customer;
CREATE SEQUENCE jdbcmeta_my.invoice_seq;
CREATE FUNCTION jdbcmeta_my.add_one(x int) RETURNS int DETERMINISTIC COMMENT 'Adds one' RETURN x + 1;
CREATE PROCEDURE jdbcmeta_my.touch(IN p int, OUT q varchar(10)) SET q = 'ok';
CREATE TABLE jdbcmeta_myx.a_b (id int PRIMARY KEY, self_ref int,
    CONSTRAINT a_b_self_fk FOREIGN KEY (self_ref) REFERENCES jdbcmeta_myx.a_b (id)) ENGINE = InnoDB;
CREATE TABLE jdbcmeta_myx.axb (id int, CONSTRAINT axb_a_b_fk FOREIGN KEY (id) REFERENCES jdbcmeta_myx.a_b (id) ON DELETE SET NULL)
    ENGINE = InnoDB;
