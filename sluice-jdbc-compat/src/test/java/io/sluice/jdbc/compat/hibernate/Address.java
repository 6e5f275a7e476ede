package io.sluice.jdbc.compat.hibernate;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** An embeddable: three columns of the customer's table. */
@Embeddable
public record Address(
        @Column(length = 100) String street,
        @Column(length = 60) String city,
        @Column(length = 12) String postalCode) {}
