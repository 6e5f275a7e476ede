package io.sluice;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Maps rows to instances of one class by column label, for {@link Connection#query(String, Class,
 * Object...)} and {@link Row#as(Class)}:
 *
 * <ul>
 *   <li>a record, through its canonical constructor; a class without a no-argument constructor,
 *       through its only constructor when compiled with {@code -parameters} (names are needed): every
 *       parameter needs a column, other columns are ignored;
 *   <li>a class with a no-argument constructor (a bean), through its public one-argument
 *       {@code setX} methods: a setter without a column is not called, a column without a setter is
 *       ignored, but at least one column must match;
 *   <li>a single-column value ({@code Long}, {@code String}, {@code LocalDate}, an enum by name,
 *       any {@code java.*} type the driver's {@link Row#get(int, Class)} reads): the only column.
 * </ul>
 *
 * <p>Labels match names with case and underscores ignored ({@code user_id} fills {@code userId}).
 * Each property is read with the row's typed getter for its type ({@code int} with
 * {@link Row#getInt}, no boxing); other types with {@link Row#get(int, Class)}.
 *
 * <p>Costs: the class is inspected once (reflection) and a mapping is built once per column layout
 * (labels in order) as one composed {@link java.lang.invoke.MethodHandle}, held as a constant by a
 * small hidden class so the JIT inlines it like a hand-written lambda; a row then costs the getters
 * and the constructor or setter calls, with no reflection and no lookup beyond comparing the row's
 * column list with the last one seen. Thread-safe; one instance per class is shared ({@link #of}).
 *
 * <p>Errors ({@link MappingException}): a property without a column or two columns that match it,
 * an unusable class (when the first row is mapped), and per row a value that does not convert (a
 * NULL into a primitive, text into a number): the message names class, property, column and type.
 */
public final class ClassMapper<T> implements RowMapper<T> {
    private static final ClassValue<ClassMapper<?>> MAPPERS = new ClassValue<>() {
        @Override
        protected ClassMapper<?> computeValue(Class<?> type) {
            return new ClassMapper<>(type);
        }
    };

    /** Layouts per class kept before the map starts over: a class is usually read by a few queries. */
    private static final int LAYOUT_LIMIT = 256;

    private final Class<T> type;
    private final ConcurrentHashMap<List<String>, RowMapper<Object>> layouts = new ConcurrentHashMap<>();
    private volatile Plan last;

    /** The mapping for one column list: the list it was made for and its compiled mapper. */
    private record Plan(List<Column> columns, RowMapper<Object> mapper) {}

    private ClassMapper(Class<T> type) {
        this.type = type;
    }

    /** The shared mapper of {@code type}; cheap (a {@link ClassValue} lookup). */
    @SuppressWarnings("unchecked")
    public static <T> ClassMapper<T> of(Class<T> type) {
        return (ClassMapper<T>) MAPPERS.get(Objects.requireNonNull(type, "type"));
    }

    /** The class rows are mapped to. */
    public Class<T> type() {
        return type;
    }

    /**
     * Maps one row.
     *
     * @throws MappingException if the class cannot be built from the row's columns or a value does not convert
     */
    @Override
    @SuppressWarnings("unchecked")
    public T map(Row row) {
        List<Column> columns = row.columns();
        Plan plan = last;
        if (plan == null || plan.columns != columns) {
            plan = plan(columns);
        }
        return (T) plan.mapper.map(row);
    }

    private Plan plan(List<Column> columns) {
        List<String> labels = new ArrayList<>(columns.size());
        for (Column c : columns) {
            labels.add(c.name());
        }
        RowMapper<Object> mapper = layouts.get(labels);
        if (mapper == null) {
            mapper = CompiledMapper.of(MappingPlans.build(type, columns));
            if (layouts.size() >= LAYOUT_LIMIT) {
                layouts.clear();
            }
            layouts.put(List.copyOf(labels), mapper);
        }
        Plan plan = new Plan(columns, mapper);
        last = plan;
        return plan;
    }

    @Override
    public String toString() {
        return "ClassMapper[" + type.getName() + "]";
    }
}
