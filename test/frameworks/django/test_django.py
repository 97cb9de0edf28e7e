# Django and uuidx (test/frameworks/run.sh django): the key declared in shop/models.py,
# the schema made by migration 0001, then the five properties of docs/frameworks.md.
import io
import os
import uuid
from datetime import datetime, timedelta, timezone as tz

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
import django  # noqa: E402

django.setup()
from django.core.exceptions import ValidationError  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models.expressions import DatabaseDefault  # noqa: E402
from django.utils import timezone  # noqa: E402

from checks import check, finish  # noqa: E402
from shop.models import Order  # noqa: E402


def sql(query):
    with connection.cursor() as cursor:
        cursor.execute(query)
        return cursor.fetchall() if cursor.description else None


print("Django", django.get_version())
call_command("migrate", verbosity=0)
check(sql("SELECT count(*) FROM pg_extension WHERE extname = 'uuidx'") == [(1,)], "migrate created the extension")
check(
    sql("SELECT column_default FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'id'")
    == [("uuid_generate_v7()",)],
    "the key's default is uuid_generate_v7()",
)
check(
    sql("SELECT attgenerated FROM pg_attribute WHERE attrelid = 'orders'::regclass AND attname = 'created_at'")
    == [("v",)],
    "created_at is a virtual generated column",
)
try:
    call_command("makemigrations", "--check", "--dry-run", stdout=io.StringIO())
    check(True, "makemigrations --check proposes no change")
except SystemExit:
    check(False, "makemigrations --check proposes no change")

# Insert without a key: the key comes back, a uuid.UUID of version 7.
order = Order.objects.create(total=10)
check(isinstance(order.id, uuid.UUID) and order.id.version == 7, "create() returns the generated key as a v7 uuid.UUID")
keys = [Order.objects.create(total=i).id for i in range(50)]
check(all(a < b for a, b in zip(keys, keys[1:])), "keys of one connection are strictly increasing")
# bulk_create(): the rows get v7 keys, but Django 5.2 does not read back a key that
# db_default made (the objects keep DatabaseDefault): read the rows again for their keys.
before = Order.objects.count()
bulk = Order.objects.bulk_create([Order(total=i) for i in range(200)])
check(all(isinstance(o.id, DatabaseDefault) for o in bulk), "bulk_create() leaves the keys unread (DatabaseDefault)")
fresh = list(Order.objects.order_by("-id").values_list("id", flat=True)[:200])
check(Order.objects.count() == before + 200 and all(k.version == 7 for k in fresh) and fresh[-1] > keys[-1],
      "bulk_create() rows got v7 keys, after the earlier ones")
epoch = datetime(1970, 1, 1, tzinfo=tz.utc)
check(Order.objects.get(id=order.id).created_at == epoch + timedelta(milliseconds=order.id.int >> 80),
      "created_at is the key's time, to the millisecond")

# The time through the ORM: 20,000 orders over the last 20,000 minutes.
sql("INSERT INTO orders (id, total) SELECT public.uuidv7(-(g || ' minutes')::interval), g FROM generate_series(1, 20000) g")
sql("ANALYZE orders")
latest = Order.objects.order_by("-created_at")[:5]
now = timezone.now()
window = Order.objects.filter(created_at__gte=now - timedelta(days=1), created_at__lt=now - timedelta(hours=1))
times = [o.created_at for o in latest]
newest = Order.objects.order_by("-id").first()
check(len(times) == 5 and times[0] == newest.created_at and all(a >= b for a, b in zip(times, times[1:])),
      "the latest 5 by created_at, the newest key's first")
plan = latest.explain()
check("Index Scan Backward using orders_pkey" in plan, "the latest 5 read the key's index backwards: " + plan.replace("\n", " | "))
check(window.count() == 1380, "a time window (a day back to an hour back) holds its 1380 orders")
plan = window.explain()
check("orders_pkey" in plan and "Index Cond: ((id >=" in plan, "the time window is a key range on the key's index: " + plan.replace("\n", " | "))

# A malformed key in a filter: Django's UUIDField refuses it before any SQL is sent.
try:
    list(Order.objects.filter(id="not-a-uuid"))
    check(False, "a malformed key in a filter is refused")
except ValidationError as error:
    check("is not a valid UUID" in str(error), "a malformed key in a filter is Django's ValidationError: " + str(error))

finish()
