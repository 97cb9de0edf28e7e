from django.contrib.postgres.operations import CreateExtension
from django.db import migrations, models
from django.db.models import F, Func


class Migration(migrations.Migration):
    initial = True
    dependencies = []

    operations = [
        CreateExtension("uuidx"),
        migrations.CreateModel(
            name="Order",
            fields=[
                (
                    "id",
                    models.UUIDField(
                        primary_key=True,
                        editable=False,
                        serialize=False,
                        db_default=Func(function="uuid_generate_v7", output_field=models.UUIDField()),
                    ),
                ),
                ("total", models.DecimalField(max_digits=10, decimal_places=2)),
            ],
            options={"db_table": "orders"},
        ),
        # The time column, virtual, and the CHECKs that let a question of the time read the
        # key's index (README, "Time as a column"); Django's state gets the same field.
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    "ALTER TABLE orders ADD CONSTRAINT orders_id_v7 CHECK (uuid_extract_version(id) = 7),"
                    " ADD COLUMN created_at timestamptz"
                    " GENERATED ALWAYS AS (uuid_extract_timestamp(id)) VIRTUAL NOT NULL",
                    reverse_sql="ALTER TABLE orders DROP COLUMN created_at, DROP CONSTRAINT orders_id_v7",
                ),
            ],
            state_operations=[
                migrations.AddField(
                    model_name="order",
                    name="created_at",
                    field=models.GeneratedField(
                        expression=Func(
                            F("id"), function="uuid_extract_timestamp", output_field=models.DateTimeField()
                        ),
                        output_field=models.DateTimeField(),
                        db_persist=True,
                    ),
                ),
            ],
        ),
    ]
