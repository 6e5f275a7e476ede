package io.sluice;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;

/**
 * Method handles for the constructors and accessors of user classes, made once per class: reflection
 * finds the member, the handle calls it without per-call access checks. A member of a class that is
 * not public, or in a named module, needs its package open to {@code io.sluice.core}
 * ({@code opens my.pkg to io.sluice.core;}); classes on the class path are always open.
 */
final class MemberHandles {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();

    private MemberHandles() {}

    static MethodHandle constructor(Constructor<?> c) {
        open(c, c);
        try {
            return LOOKUP.unreflectConstructor(c);
        } catch (IllegalAccessException e) {
            throw inaccessible(c, e);
        }
    }

    static MethodHandle method(Method m) {
        open(m, m);
        try {
            return LOOKUP.unreflect(m);
        } catch (IllegalAccessException e) {
            throw inaccessible(m, e);
        }
    }

    private static void open(AccessibleObject o, Executable member) {
        if (!o.trySetAccessible()) {
            throw inaccessible(member, null);
        }
    }

    private static MappingException inaccessible(Executable member, Throwable cause) {
        Class<?> owner = member.getDeclaringClass();
        return new MappingException(
                "member not accessible: class=" + owner.getName() + ", member=" + member.getName()
                        + ", fix=open the package to io.sluice.core (opens " + owner.getPackageName()
                        + " to io.sluice.core) or make the class public",
                cause);
    }
}
