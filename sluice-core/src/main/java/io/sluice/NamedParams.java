package io.sluice;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Values for the {@code :name} placeholders of a statement, passed as the only parameter:
 * {@code conn.query(sql, mapper, NamedParams.of("id", 7))}. A statement's parameters are named only
 * when its sole parameter is a {@code NamedParams}; any other value, including a {@link Map} or a
 * record, is one positional value. This holder exists because both of those are legal positional
 * values (a map for an {@code hstore}-like type, a record for a type a codec writes), so taking a
 * bare map or record as named values would make a call's meaning depend on its argument's type.
 *
 * <p>Names match {@code :name} exactly in a map; for a record or bean, {@code :user_id},
 * {@code :userId} and {@code :USERID} all read the property {@code userId} (case and underscores are
 * ignored). A name may appear several times in a statement. Values are read when the statement runs,
 * not when the holder is made. Immutable; {@link #and} returns a new holder.
 */
public final class NamedParams {
    private static final ClassValue<Map<String, MethodHandle>> PROPERTIES = new ClassValue<>() {
        @Override
        protected Map<String, MethodHandle> computeValue(Class<?> type) {
            return readers(type);
        }
    };

    private final Map<String, ?> values;
    private final Object source;

    private NamedParams(Map<String, ?> values, Object source) {
        this.values = values;
        this.source = source;
    }

    /** The values of a map, by exact name; the map is read, not copied, when the statement runs. */
    public static NamedParams of(Map<String, ?> values) {
        return new NamedParams(Objects.requireNonNull(values, "values"), null);
    }

    /** One named value (may be null). */
    public static NamedParams of(String name, Object value) {
        return new NamedParams(Map.of(), null).and(name, value);
    }

    /**
     * The properties of a record (its components) or of a bean (its public {@code getX}/{@code isX}
     * methods). The accessors are found once per class and called through method handles.
     *
     * @throws MappingException if the class has no readable property
     */
    public static NamedParams from(Object recordOrBean) {
        Objects.requireNonNull(recordOrBean, "recordOrBean");
        if (PROPERTIES.get(recordOrBean.getClass()).isEmpty()) {
            throw new MappingException("no readable properties for named parameters: class="
                    + recordOrBean.getClass().getName());
        }
        return new NamedParams(Map.of(), recordOrBean);
    }

    /** A holder with this one's values and {@code name} set to {@code value}; costs a copy of a map's values. */
    public NamedParams and(String name, Object value) {
        Objects.requireNonNull(name, "name");
        if (source != null) {
            throw new IllegalStateException("a record's or bean's parameters cannot be extended: name=" + name);
        }
        Map<String, Object> copy = new LinkedHashMap<>(values);
        copy.put(name, value);
        return new NamedParams(copy, null);
    }

    /** Whether a value (possibly null) is given for {@code name}. */
    public boolean has(String name) {
        return source == null
                ? values.containsKey(name)
                : PROPERTIES.get(source.getClass()).containsKey(key(name));
    }

    /**
     * The value for {@code name}, possibly null.
     *
     * @throws ParameterException if none is given for the name
     */
    public Object value(String name) {
        if (source == null) {
            Object v = values.get(name);
            if (v == null && !values.containsKey(name)) {
                throw missing(name, values.keySet().toString());
            }
            return v;
        }
        MethodHandle reader = PROPERTIES.get(source.getClass()).get(key(name));
        if (reader == null) {
            throw missing(name, source.getClass().getName());
        }
        try {
            return reader.invoke(source);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new ParameterException("reading a named parameter failed: name=" + name + ", cause=" + t);
        }
    }

    private static String key(String name) {
        return PropertyNames.normalize(name);
    }

    private static ParameterException missing(String name, String given) {
        return new ParameterException("missing named parameter: name=" + name + ", given=" + given);
    }

    private static Map<String, MethodHandle> readers(Class<?> type) {
        Map<String, MethodHandle> out = new HashMap<>();
        if (type.isRecord()) {
            for (RecordComponent c : type.getRecordComponents()) {
                out.put(key(c.getName()), MemberHandles.method(c.getAccessor()));
            }
            return Map.copyOf(out);
        }
        for (Method m : type.getMethods()) {
            if (m.getParameterCount() != 0
                    || Modifier.isStatic(m.getModifiers())
                    || m.getDeclaringClass() == Object.class) {
                continue;
            }
            String property = PropertyNames.beanProperty(m.getName(), "get");
            if (property == null && (m.getReturnType() == boolean.class || m.getReturnType() == Boolean.class)) {
                property = PropertyNames.beanProperty(m.getName(), "is");
            }
            if (property != null) {
                out.put(key(property), MemberHandles.method(m));
            }
        }
        return Map.copyOf(out);
    }

    @Override
    public String toString() {
        return "NamedParams["
                + (source == null ? values.keySet() : source.getClass().getName()) + "]";
    }
}
