package io.sluice;

import java.util.Locale;

/**
 * How column labels and parameter names meet Java property names: case and underscores are ignored,
 * so {@code user_id}, {@code USER_ID} and {@code userId} are one name.
 */
final class PropertyNames {
    private PropertyNames() {}

    /** The form two names are compared in: lower case, without underscores. */
    static String normalize(String name) {
        StringBuilder b = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c != '_') {
                b.append(c);
            }
        }
        return b.toString().toLowerCase(Locale.ROOT);
    }

    /** The property a JavaBeans accessor named {@code method} reads or writes, or null if it is none. */
    static String beanProperty(String method, String prefix) {
        if (method.length() <= prefix.length() || !method.startsWith(prefix)) {
            return null;
        }
        char first = method.charAt(prefix.length());
        return Character.isUpperCase(first) || first == '_' ? method.substring(prefix.length()) : null;
    }
}
