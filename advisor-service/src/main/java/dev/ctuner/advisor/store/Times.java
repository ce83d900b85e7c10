package dev.ctuner.advisor.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

/** Instants as {@code timestamp with time zone}, which both H2 and the PostgreSQL driver bind as OffsetDateTime. */
final class Times {

    private Times() {
    }

    static OffsetDateTime bind(Instant at) {
        return at == null ? null : at.atOffset(ZoneOffset.UTC);
    }

    static Instant read(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    static Optional<Instant> readOptional(ResultSet rs, String column) throws SQLException {
        return Optional.ofNullable(read(rs, column));
    }
}
