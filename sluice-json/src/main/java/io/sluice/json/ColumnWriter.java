package io.sluice.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.sluice.Row;
import java.io.IOException;

/** Writes one non-null column value of a row as JSON. Chosen once per result column, reused for every row. */
@FunctionalInterface
interface ColumnWriter {
    void write(Row row, int index, JsonGenerator out) throws IOException;
}
