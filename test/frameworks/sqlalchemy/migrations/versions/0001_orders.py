"""orders, keyed by uuidx

Revision ID: 0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.execute("CREATE EXTENSION IF NOT EXISTS uuidx")
    op.create_table(
        "orders",
        sa.Column("id", sa.Uuid(), server_default=sa.text("uuid_generate_v7()"), primary_key=True),
        sa.Column("total", sa.Numeric(10, 2), nullable=False),
        sa.CheckConstraint("uuid_extract_version(id) = 7", name="orders_id_v7"),
    )
    op.execute(
        "ALTER TABLE orders ADD COLUMN created_at timestamptz"
        " GENERATED ALWAYS AS (uuid_extract_timestamp(id)) VIRTUAL NOT NULL"
    )


def downgrade():
    op.drop_table("orders")
