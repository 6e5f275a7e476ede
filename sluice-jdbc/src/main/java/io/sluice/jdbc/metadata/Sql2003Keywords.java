package io.sluice.jdbc.metadata;

/**
 * The keywords of SQL:2003 (ISO/IEC 9075-2:2003, 5.2: {@code <reserved word>} and {@code <non-reserved word>}), in
 * lower case. {@link java.sql.DatabaseMetaData#getSQLKeywords} lists a server's keywords that are not among these.
 */
final class Sql2003Keywords {

    /** The words, lower case, for comparison with the server's keyword lists. */
    static final String[] WORDS = ("abs all allocate alter and any are array as asensitive asymmetric at atomic"
                    + " authorization avg begin between bigint binary blob boolean both by call called cardinality"
                    + " cascaded case cast ceil ceiling char char_length character character_length check clob close"
                    + " coalesce collate collect column commit condition connect constraint convert corr corresponding"
                    + " count covar_pop covar_samp create cross cube cume_dist current current_date"
                    + " current_default_transform_group current_path current_role current_time current_timestamp"
                    + " current_transform_group_for_type current_user cursor cycle date day deallocate dec decimal"
                    + " declare default delete dense_rank deref describe deterministic disconnect distinct double drop"
                    + " dynamic each element else end end-exec escape every except exec execute exists exp external"
                    + " extract false fetch filter float floor for foreign free from full function fusion get global"
                    + " grant group grouping having hold hour identity in indicator inner inout insensitive insert int"
                    + " integer intersect intersection interval into is join language large lateral leading left like"
                    + " ln local localtime localtimestamp lower match max member merge method min minute mod modifies"
                    + " module month multiset national natural nchar nclob new no none normalize not null nullif"
                    + " numeric octet_length of old on only open or order out outer over overlaps overlay parameter"
                    + " partition percent_rank percentile_cont percentile_disc position power precision prepare"
                    + " primary procedure range rank reads real recursive ref references referencing regr_avgx"
                    + " regr_avgy regr_count regr_intercept regr_r2 regr_slope regr_sxx regr_sxy regr_syy release"
                    + " result return returns revoke right rollback rollup row row_number rows savepoint scope scroll"
                    + " search second select sensitive session_user set similar smallint some specific specifictype"
                    + " sql sqlexception sqlstate sqlwarning sqrt start static stddev_pop stddev_samp submultiset"
                    + " substring sum symmetric system system_user table tablesample then time timestamp timezone_hour"
                    + " timezone_minute to trailing translate translation treat trigger trim true uescape union unique"
                    + " unknown unnest update upper user using value values var_pop var_samp varchar varying when"
                    + " whenever where width_bucket window with within without year"
                    // non-reserved
                    + " a absolute action ada add admin after always asc assertion assignment attribute attributes before"
                    + " bernoulli breadth c cascade catalog catalog_name chain character_set_catalog character_set_name"
                    + " character_set_schema characteristics characters class_origin cobol collation collation_catalog"
                    + " collation_name collation_schema column_name command_function command_function_code committed"
                    + " condition_number connection_name constraint_catalog constraint_name constraint_schema constraints"
                    + " constructors contains continue cursor_name data datetime_interval_code"
                    + " datetime_interval_precision defaults deferrable deferred defined definer degree depth derived desc"
                    + " descriptor diagnostics dispatch domain dynamic_function_code equals exception exclude excluding"
                    + " final first following fortran found g general go goto granted hierarchy immediate"
                    + " implementation including increment initially input instance instantiable invoker isolation k key"
                    + " key_member key_type last length level locator m map matched maxvalue message_length"
                    + " message_octet_length message_text minvalue more mumps name names nesting next normalized"
                    + " nullable nulls number object octets option options ordering ordinality others overriding"
                    + " pad parameter_mode parameter_name parameter_ordinal_position parameter_specific_catalog"
                    + " parameter_specific_name parameter_specific_schema partial pascal path placing pli preceding"
                    + " preserve prior privileges public read relative repeatable restart returned_cardinality"
                    + " returned_length returned_octet_length returned_sqlstate role routine routine_catalog routine_name"
                    + " routine_schema row_count scale schema schema_name scope_catalog scope_name scope_schema section"
                    + " security self sequence serializable server_name session sets simple size source space"
                    + " specific_name state statement structure style subclass_origin table_name temporary ties"
                    + " top_level_count transaction transaction_active transactions_committed transactions_rolled_back"
                    + " transform transforms trigger_catalog trigger_name trigger_schema type unbounded uncommitted under"
                    + " unnamed usage user_defined_type_catalog user_defined_type_code user_defined_type_name"
                    + " user_defined_type_schema view work write zone")
            .split(" ");

    private Sql2003Keywords() {}
}
