from alembic import context
from sqlalchemy import create_engine

from models import Base

# The database is the one the PG* environment variables name (libpq reads them).
with create_engine("postgresql+psycopg://").connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        compare_type=True,
        compare_server_default=True,
    )
    with context.begin_transaction():
        context.run_migrations()
