package io.sluice;

import static java.lang.constant.ConstantDescs.CD_MethodHandle;
import static java.lang.constant.ConstantDescs.CD_Object;
import static java.lang.constant.ConstantDescs.CD_void;

import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DynamicConstantDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Turns a {@code (Row) -> Object} method handle into a {@link RowMapper} whose class holds the handle
 * as a constant (a hidden class with the handle as its class data, loaded by {@code ldc}), so the JIT
 * compiles the composed getters and constructor into the mapper as if written by hand; a handle kept
 * in a field and called through {@code invokeExact} is not inlined. One small class per class and
 * column layout; unloaded with the mapper.
 */
final class CompiledMapper {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final ClassDesc CD_ROW = ClassDesc.of(Row.class.getName());
    private static final ClassDesc CD_ROW_MAPPER = ClassDesc.of(RowMapper.class.getName());
    private static final MethodTypeDesc MAP = MethodTypeDesc.of(CD_Object, CD_ROW);

    private CompiledMapper() {}

    /** A mapper calling {@code handle}, of type {@code (Row)Object}. */
    @SuppressWarnings("unchecked")
    static RowMapper<Object> of(MethodHandle handle) {
        ClassDesc self = ClassDesc.of(CompiledMapper.class.getPackageName() + ".CompiledMapper$Spun");
        DynamicConstantDesc<MethodHandle> constant =
                DynamicConstantDesc.ofNamed(ConstantDescs.BSM_CLASS_DATA, ConstantDescs.DEFAULT_NAME, CD_MethodHandle);
        byte[] bytes = ClassFile.of().build(self, c -> c.withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SYNTHETIC)
                .withInterfaceSymbols(CD_ROW_MAPPER)
                .withMethodBody(
                        ConstantDescs.INIT_NAME, MethodTypeDesc.of(CD_void), ClassFile.ACC_PUBLIC, b -> b.aload(0)
                                .invokespecial(CD_Object, ConstantDescs.INIT_NAME, MethodTypeDesc.of(CD_void))
                                .return_())
                .withMethodBody("map", MAP, ClassFile.ACC_PUBLIC, b -> b.ldc(constant)
                        .aload(1)
                        .invokevirtual(CD_MethodHandle, "invokeExact", MAP)
                        .areturn()));
        try {
            MethodHandles.Lookup spun = LOOKUP.defineHiddenClassWithClassData(
                    bytes, handle.asType(MethodType.methodType(Object.class, Row.class)), true);
            return (RowMapper<Object>) spun.findConstructor(spun.lookupClass(), MethodType.methodType(void.class))
                    .invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("defining a row mapper class failed", t);
        }
    }
}
