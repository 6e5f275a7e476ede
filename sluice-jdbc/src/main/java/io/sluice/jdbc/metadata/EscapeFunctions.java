package io.sluice.jdbc.metadata;

/**
 * The {@code {fn ...}} functions {@link java.sql.DatabaseMetaData} names, per server, as comma-separated lists.
 * A name belongs here only if {@code {fn name(...)}} runs through {@code io.sluice.sql.JdbcEscapes}: on
 * PostgreSQL the ODBC names it maps, as pgjdbc's EscapedFunctions2 does, and the ones PostgreSQL has under the
 * same name with the same meaning; on MySQL/MariaDB, where the escape passes through unchanged, the server's
 * functions (EscapeFunctionsTest calls every name on the real servers).
 */
final class EscapeFunctions {
    private EscapeFunctions() {}

    /** pgjdbc's list: ceiling, log, log10 and truncate are mapped, PostgreSQL runs the others as named. */
    static final String PG_NUMERIC = "abs,acos,asin,atan,atan2,ceiling,cos,cot,degrees,exp,floor,log,"
            + "log10,mod,pi,power,radians,round,sign,sin,sqrt,tan,truncate";
    /** pgjdbc's list and locate, char_length and character_length, which the escape maps too. */
    static final String PG_STRING = "ascii,char,char_length,character_length,concat,lcase,left,length,"
            + "locate,ltrim,repeat,replace,rtrim,space,substring,ucase";

    static final String PG_SYSTEM = "database,ifnull,user";
    /** pgjdbc's list without timestampadd: the escape does not map it and PostgreSQL has no such function. */
    static final String PG_TIME_DATE = "curdate,curtime,dayname,dayofmonth,dayofweek,dayofyear,hour,"
            + "minute,month,monthname,now,quarter,second,week,year";

    /** Connector/J's lists without its operators (DIV, LIKE, MATCH AGAINST...), which are no function calls. */
    static final String MY_NUMERIC = "ABS,ACOS,ASIN,ATAN,ATAN2,CEIL,CEILING,CONV,COS,COT,CRC32,DEGREES,"
            + "EXP,FLOOR,GREATEST,LEAST,LN,LOG,LOG10,LOG2,MOD,OCT,PI,POW,POWER,RADIANS,RAND,ROUND,SIGN,SIN,SQRT,"
            + "TAN,TRUNCATE";

    static final String MY_STRING = "ASCII,BIN,BIT_LENGTH,CAST,CHARACTER_LENGTH,CHAR_LENGTH,CONCAT,"
            + "CONCAT_WS,CONVERT,ELT,EXPORT_SET,EXTRACTVALUE,FIELD,FIND_IN_SET,FORMAT,FROM_BASE64,HEX,INSTR,LCASE,"
            + "LEFT,LENGTH,LOAD_FILE,LOCATE,LOWER,LPAD,LTRIM,MAKE_SET,MID,OCTET_LENGTH,ORD,POSITION,QUOTE,REPEAT,"
            + "REPLACE,REVERSE,RIGHT,RPAD,RTRIM,SOUNDEX,SPACE,STRCMP,SUBSTR,SUBSTRING,SUBSTRING_INDEX,TO_BASE64,"
            + "TRIM,UCASE,UNHEX,UPDATEXML,UPPER,WEIGHT_STRING";
    static final String MY_SYSTEM = "DATABASE,USER,SYSTEM_USER,SESSION_USER,LAST_INSERT_ID,VERSION";
    static final String MY_TIME_DATE = "ADDDATE,ADDTIME,CONVERT_TZ,CURDATE,CURRENT_DATE,CURRENT_TIME,"
            + "CURRENT_TIMESTAMP,CURTIME,DATEDIFF,DATE_ADD,DATE_FORMAT,DATE_SUB,DAY,DAYNAME,DAYOFMONTH,DAYOFWEEK,"
            + "DAYOFYEAR,EXTRACT,FROM_DAYS,FROM_UNIXTIME,GET_FORMAT,HOUR,LAST_DAY,LOCALTIME,LOCALTIMESTAMP,"
            + "MAKEDATE,MAKETIME,MICROSECOND,MINUTE,MONTH,MONTHNAME,NOW,PERIOD_ADD,PERIOD_DIFF,QUARTER,SECOND,"
            + "SEC_TO_TIME,STR_TO_DATE,SUBDATE,SUBTIME,SYSDATE,TIMEDIFF,TIMESTAMPADD,TIMESTAMPDIFF,TIME_FORMAT,"
            + "TIME_TO_SEC,TO_DAYS,TO_SECONDS,UNIX_TIMESTAMP,UTC_DATE,UTC_TIME,UTC_TIMESTAMP,WEEK,WEEKDAY,"
            + "WEEKOFYEAR,YEAR,YEARWEEK";
}
