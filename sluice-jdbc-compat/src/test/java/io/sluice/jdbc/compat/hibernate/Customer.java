package io.sluice.jdbc.compat.hibernate;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.hibernate.annotations.BatchSize;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * An entity with an IDENTITY id, a version, an embeddable, an enum, java.time fields, a JSON column, a
 * UUID, a {@code byte[]} and a batch-fetched one-to-many.
 */
@Entity
@Table(name = "compat_customer")
public class Customer {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    Long id;

    @Version
    long version;

    @Column(nullable = false, length = 100)
    String name;

    @Embedded
    Address address;

    @Enumerated(EnumType.STRING)
    @Column(length = 16)
    Tier tier;

    Instant createdAt;
    LocalDate birthday;
    LocalDateTime lastLogin;

    @Column(precision = 12, scale = 2)
    BigDecimal credit;

    UUID externalId;

    @JdbcTypeCode(SqlTypes.JSON)
    Map<String, Object> preferences;

    @Column(length = 1024)
    byte[] avatar;

    @OneToMany(mappedBy = "customer", cascade = CascadeType.ALL, orphanRemoval = true)
    @BatchSize(size = 16)
    @OrderBy("id")
    List<PurchaseOrder> orders = new ArrayList<>();

    /** For Hibernate. */
    protected Customer() {}

    /** A customer with a name and a tier, nothing else set. */
    public Customer(String name, Tier tier) {
        this.name = name;
        this.tier = tier;
    }

    /** Adds an order of {@code amount} to this customer. */
    public PurchaseOrder addOrder(BigDecimal amount, LocalDateTime placedAt) {
        PurchaseOrder order = new PurchaseOrder(this, amount, placedAt);
        orders.add(order);
        return order;
    }
}
