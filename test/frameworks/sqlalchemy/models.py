import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, Computed, DateTime, Numeric, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Order(Base):
    __tablename__ = "orders"
    __table_args__ = (CheckConstraint("uuid_extract_version(id) = 7", name="orders_id_v7"),)

    # The key: uuidx's server default, written as PostgreSQL shows it, read back by RETURNING.
    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, server_default=text("uuid_generate_v7()"))
    # The key's time, a VIRTUAL column that the migration writes in SQL (SQLAlchemy 2.0
    # refuses Computed(persisted=False) on PostgreSQL); Computed: never written, only read.
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), Computed("uuid_extract_timestamp(id)"))
    total: Mapped[Decimal] = mapped_column(Numeric(10, 2))
