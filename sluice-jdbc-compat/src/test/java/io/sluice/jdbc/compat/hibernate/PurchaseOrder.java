package io.sluice.jdbc.compat.hibernate;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.LocalDateTime;

/** An entity with a SEQUENCE id (so its inserts can be batched) and a lazy many-to-one. */
@Entity
@Table(name = "compat_purchase_order")
public class PurchaseOrder {
    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "compat_order_seq")
    @SequenceGenerator(name = "compat_order_seq", sequenceName = "compat_order_seq", allocationSize = 50)
    Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "customer_id")
    Customer customer;

    @jakarta.persistence.Column(precision = 12, scale = 2)
    BigDecimal amount;

    LocalDateTime placedAt;

    /** For Hibernate. */
    protected PurchaseOrder() {}

    PurchaseOrder(Customer customer, BigDecimal amount, LocalDateTime placedAt) {
        this.customer = customer;
        this.amount = amount;
        this.placedAt = placedAt;
    }
}
