package io.sluice.jdbc.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/** Compares the argument-free answers (flags, limits, names) of two {@link DatabaseMetaData}. */
final class MetaDataAnswers {

    private MetaDataAnswers() {}

    /**
     * Asserts that every argument-free boolean, int, long or String method of {@link DatabaseMetaData} answers
     * the same on both, except the methods in {@code documented}.
     */
    static void assertSameAnswers(DatabaseMetaData reference, DatabaseMetaData ours, Set<String> documented)
            throws Exception {
        List<String> differences = new ArrayList<>();
        Method[] methods = DatabaseMetaData.class.getMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName));
        for (Method method : methods) {
            Class<?> type = method.getReturnType();
            boolean simple = type == boolean.class || type == int.class || type == long.class || type == String.class;
            if (method.getParameterCount() != 0 || !simple || documented.contains(method.getName())) {
                continue;
            }
            Object expected = method.invoke(reference);
            Object actual = method.invoke(ours);
            if (!String.valueOf(expected).equals(String.valueOf(actual))) {
                differences.add(method.getName() + ": reference=" + expected + ", ours=" + actual);
            }
        }
        assertThat(differences)
                .as("answers that differ from the reference driver's")
                .isEmpty();
    }

    /** Calls a ResultSet-returning method of {@code metaData} with null, 0 or false for every argument. */
    static ResultSet callWithNulls(DatabaseMetaData metaData, String name) throws Exception {
        for (Method method : DatabaseMetaData.class.getMethods()) {
            if (method.getName().equals(name)) {
                Object[] args = new Object[method.getParameterCount()];
                Class<?>[] types = method.getParameterTypes();
                for (int i = 0; i < args.length; i++) {
                    args[i] = types[i] == int.class ? 0 : types[i] == boolean.class ? false : null;
                }
                try {
                    return (ResultSet) method.invoke(metaData, args);
                } catch (InvocationTargetException e) {
                    throw (Exception) e.getCause();
                }
            }
        }
        throw new IllegalArgumentException("no such method: " + name);
    }
}
