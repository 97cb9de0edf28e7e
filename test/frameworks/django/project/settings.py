# The settings of the Django project of test/frameworks/django: the database is the one
# the PG* environment variables name (test/frameworks/run.sh sets them).
import os

SECRET_KEY = "test-only"
INSTALLED_APPS = ["shop"]
USE_TZ = True
TIME_ZONE = "UTC"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": os.environ["PGDATABASE"],
        "USER": os.environ["PGUSER"],
        "HOST": os.environ["PGHOST"],
        "PORT": os.environ["PGPORT"],
    }
}
