package io.sluice;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the {@code (Row) -> Object} handle of a {@link ClassMapper} for one column layout: the
 * column readers fed into the constructor, or into the setters of a fresh bean, composed into a
 * single method handle so that mapping a row involves no reflection.
 */
final class MappingPlans {
    private static final MethodType ROW_TO_OBJECT = MethodType.methodType(Object.class, Row.class);

    private MappingPlans() {}

    static MethodHandle build(Class<?> type, List<Column> columns) {
        if (ColumnReaders.isColumnValue(type)) {
            if (columns.size() != 1) {
                throw new MappingException("a single-column type needs exactly one column: class=" + type.getName()
                        + ", columns=" + labels(columns));
            }
            return ColumnReaders.reader(type, 0, context(type, "value", columns.get(0)))
                    .asType(ROW_TO_OBJECT);
        }
        if (type.isRecord()) {
            RecordComponent[] rc = type.getRecordComponents();
            Class<?>[] types = new Class<?>[rc.length];
            String[] names = new String[rc.length];
            for (int i = 0; i < rc.length; i++) {
                types[i] = rc[i].getType();
                names[i] = rc[i].getName();
            }
            try {
                return construct(type, MemberHandles.constructor(type.getDeclaredConstructor(types)), names, columns);
            } catch (NoSuchMethodException e) {
                throw new MappingException("record without canonical constructor: class=" + type.getName(), e);
            }
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw new MappingException("cannot map rows to an abstract type: class=" + type.getName());
        }
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (c.getParameterCount() == 0) {
                return bean(type, MemberHandles.constructor(c), columns);
            }
        }
        Constructor<?>[] all = type.getDeclaredConstructors();
        if (all.length == 1 && all[0].getParameterCount() > 0 && all[0].getParameters()[0].isNamePresent()) {
            Parameter[] ps = all[0].getParameters();
            String[] names = new String[ps.length];
            for (int i = 0; i < ps.length; i++) {
                names[i] = ps[i].getName();
            }
            return construct(type, MemberHandles.constructor(all[0]), names, columns);
        }
        throw new MappingException("no usable constructor: class=" + type.getName()
                + ", fix=a record, a no-argument constructor with setters, or one constructor compiled with"
                + " -parameters");
    }

    /** Constructor parameters, each read from the column its name matches. */
    private static MethodHandle construct(Class<?> type, MethodHandle ctor, String[] names, List<Column> columns) {
        MethodHandle[] readers = new MethodHandle[names.length];
        for (int i = 0; i < names.length; i++) {
            int index = columnOf(type, names[i], columns);
            if (index < 0) {
                throw new MappingException("no column for property: class=" + type.getName() + ", property=" + names[i]
                        + ", columns=" + labels(columns));
            }
            Class<?> t = ctor.type().parameterType(i);
            readers[i] = ColumnReaders.reader(t, index, context(type, names[i], columns.get(index)));
        }
        if (names.length == 0) {
            return MethodHandles.dropArguments(ctor, 0, Row.class).asType(ROW_TO_OBJECT);
        }
        MethodHandle filtered = MethodHandles.filterArguments(ctor, 0, readers);
        MethodHandle one =
                MethodHandles.permuteArguments(filtered, MethodType.methodType(type, Row.class), new int[names.length]);
        return one.asType(ROW_TO_OBJECT);
    }

    /** A fresh instance, then one setter call per column that names a setter. */
    private static MethodHandle bean(Class<?> type, MethodHandle ctor, List<Column> columns) {
        MethodHandle body = MethodHandles.dropArguments(MethodHandles.identity(type), 1, Row.class); // (T, Row)T
        int matched = 0;
        for (Method m : type.getMethods()) {
            String property = PropertyNames.beanProperty(m.getName(), "set");
            if (property == null || m.getParameterCount() != 1 || Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            int index = columnOf(type, property, columns);
            if (index < 0) {
                continue;
            }
            Class<?> t = m.getParameterTypes()[0];
            MethodHandle read = ColumnReaders.reader(t, index, context(type, property, columns.get(index)));
            MethodHandle setter = MemberHandles.method(m).asType(MethodType.methodType(void.class, type, t));
            MethodHandle set = MethodHandles.filterArguments(setter, 1, read); // (T, Row)void
            body = MethodHandles.foldArguments(body, set);
            matched++;
        }
        if (matched == 0) {
            throw new MappingException(
                    "no column matches a setter: class=" + type.getName() + ", columns=" + labels(columns));
        }
        MethodHandle create = MethodHandles.dropArguments(ctor.asType(MethodType.methodType(type)), 0, Row.class);
        return MethodHandles.foldArguments(body, create).asType(ROW_TO_OBJECT);
    }

    /** The index of the one column whose label matches {@code property}, or -1; two matches are an error. */
    private static int columnOf(Class<?> type, String property, List<Column> columns) {
        String key = PropertyNames.normalize(property);
        int found = -1;
        for (int i = 0; i < columns.size(); i++) {
            if (PropertyNames.normalize(columns.get(i).name()).equals(key)) {
                if (found >= 0) {
                    throw new MappingException("two columns match one property: class=" + type.getName() + ", property="
                            + property + ", columns=" + labels(columns));
                }
                found = i;
            }
        }
        return found;
    }

    private static String context(Class<?> type, String property, Column column) {
        return "class=" + type.getName() + ", property=" + property + ", column=" + column.name() + ", columnType="
                + column.nativeType();
    }

    private static List<String> labels(List<Column> columns) {
        List<String> out = new ArrayList<>(columns.size());
        for (Column c : columns) {
            out.add(c.name());
        }
        return out;
    }
}
