package io.sluice;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.Map;
import java.util.UUID;

/**
 * Method handles {@code (Row) -> value} that read one column as one Java type through the row's own
 * typed getter (no boxing for primitives), wrapped so that a failure names the property and column.
 */
final class ColumnReaders {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();

    /** Types with a getter of their own on {@link Row}; every other type goes through {@link Row#get(int, Class)}. */
    private static final Map<Class<?>, String> GETTERS = Map.ofEntries(
            Map.entry(boolean.class, "getBoolean"),
            Map.entry(short.class, "getShort"),
            Map.entry(int.class, "getInt"),
            Map.entry(long.class, "getLong"),
            Map.entry(float.class, "getFloat"),
            Map.entry(double.class, "getDouble"),
            Map.entry(String.class, "getString"),
            Map.entry(BigDecimal.class, "getBigDecimal"),
            Map.entry(byte[].class, "getBytes"),
            Map.entry(LocalDate.class, "getLocalDate"),
            Map.entry(LocalTime.class, "getLocalTime"),
            Map.entry(OffsetTime.class, "getOffsetTime"),
            Map.entry(LocalDateTime.class, "getLocalDateTime"),
            Map.entry(OffsetDateTime.class, "getOffsetDateTime"),
            Map.entry(Instant.class, "getInstant"),
            Map.entry(Interval.class, "getInterval"),
            Map.entry(Duration.class, "getDuration"),
            Map.entry(UUID.class, "getUuid"));

    private static final MethodHandle GET;
    private static final MethodHandle ENUM_VALUE;
    private static final MethodHandle FAIL;

    static {
        try {
            GET = LOOKUP.findVirtual(Row.class, "get", MethodType.methodType(Object.class, int.class, Class.class));
            ENUM_VALUE = LOOKUP.findStatic(
                    ColumnReaders.class, "enumValue", MethodType.methodType(Enum.class, Class.class, String.class));
            FAIL = LOOKUP.findStatic(
                    ColumnReaders.class,
                    "fail",
                    MethodType.methodType(Object.class, String.class, RuntimeException.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ColumnReaders() {}

    /** Whether values of {@code type} are read from one column (rather than mapped from several). */
    static boolean isColumnValue(Class<?> type) {
        return type.isPrimitive()
                || type.isEnum()
                || type.isArray()
                || GETTERS.containsKey(type)
                || type.getPackageName().startsWith("java.")
                || type == Interval.class
                || type == Json.class;
    }

    /**
     * A handle {@code (Row) -> type} reading column {@code index}; a failure (NULL into a primitive, a
     * value that does not convert) is thrown as {@link MappingException} naming {@code context}.
     */
    static MethodHandle reader(Class<?> type, int index, String context) {
        MethodHandle read = unguarded(type, index);
        MethodHandle fail = MethodHandles.dropArguments(MethodHandles.insertArguments(FAIL, 0, context), 1, Row.class)
                .asType(MethodType.methodType(type, RuntimeException.class, Row.class));
        return MethodHandles.catchException(read, RuntimeException.class, fail);
    }

    private static MethodHandle unguarded(Class<?> type, int index) {
        try {
            String getter = GETTERS.get(type);
            MethodHandle h;
            if (getter != null) {
                h = LOOKUP.findVirtual(Row.class, getter, MethodType.methodType(type, int.class));
            } else if (type.isEnum()) {
                MethodHandle s =
                        LOOKUP.findVirtual(Row.class, "getString", MethodType.methodType(String.class, int.class));
                h = MethodHandles.filterReturnValue(s, MethodHandles.insertArguments(ENUM_VALUE, 0, type));
            } else {
                Class<?> boxed = MethodType.methodType(type).wrap().returnType();
                h = MethodHandles.insertArguments(GET, 2, boxed);
            }
            return MethodHandles.insertArguments(h, 1, index).asType(MethodType.methodType(type, Row.class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Row getter missing: type=" + type, e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Enum<?> enumValue(Class type, String name) {
        return name == null ? null : Enum.valueOf(type, name);
    }

    private static Object fail(String context, RuntimeException e) {
        throw new MappingException("cannot map column: " + context + ", cause=" + e.getMessage(), e);
    }
}
