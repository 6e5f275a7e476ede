package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class EnumLabelsTest {

    enum Size {
        SMALL,
        Large,
        large
    }

    @Test
    void shouldMatchTheExactNameFirstThenTheOnlyNameEqualIgnoringCase() {
        assertThat(EnumLabels.constant(Size.class, "SMALL", "c")).isEqualTo(Size.SMALL);
        assertThat(EnumLabels.constant(Size.class, "small", "c")).isEqualTo(Size.SMALL);
        assertThat(EnumLabels.constant(Size.class, "Large", "c")).isEqualTo(Size.Large);
        assertThat(EnumLabels.constant(Size.class, "large", "c")).isEqualTo(Size.large);
    }

    @Test
    void shouldThrowWhenNoConstantOrTwoConstantsMatchIgnoringCase() {
        assertThatThrownBy(() -> EnumLabels.constant(Size.class, "LARGE", "c"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessage("label matches two enum constants ignoring case: column=c, label=LARGE, enum="
                        + Size.class.getName() + ", constants=Large,large");
        assertThatThrownBy(() -> EnumLabels.constant(Size.class, "", "c"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessage("no enum constant for label: column=c, label=, enum=" + Size.class.getName()
                        + ", constants=[SMALL, Large, large]");
    }

    @Test
    void shouldSplitSetTextOnCommasWithEmptyTextAsTheEmptySet() {
        assertThat(EnumLabels.constants(Size.class, "", "c")).isEmpty();
        assertThat(EnumLabels.constants(Size.class, "large,small", "c")).isEqualTo(EnumSet.of(Size.SMALL, Size.large));
        assertThatThrownBy(() -> EnumLabels.constants(Size.class, "small,", "c"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("label=,");
    }
}
