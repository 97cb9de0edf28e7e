from django.db import models
from django.db.models import F, Func


class Order(models.Model):
    # The key: uuidx's server default, sent as DEFAULT and read back by INSERT ... RETURNING.
    id = models.UUIDField(
        primary_key=True,
        editable=False,
        db_default=Func(function="uuid_generate_v7", output_field=models.UUIDField()),
    )
    # The key's time. The column is VIRTUAL (migration 0001 writes it in SQL: Django 5.2
    # makes only STORED ones on PostgreSQL); Django never writes a GeneratedField.
    created_at = models.GeneratedField(
        expression=Func(F("id"), function="uuid_extract_timestamp", output_field=models.DateTimeField()),
        output_field=models.DateTimeField(),
        db_persist=True,
    )
    total = models.DecimalField(max_digits=10, decimal_places=2)

    class Meta:
        db_table = "orders"
