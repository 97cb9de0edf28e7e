# ActiveRecord and uuidx (test/frameworks/run.sh rails): the key declared by the migration in
# db/migrate, the schema dumped to db/schema.rb and db/structure.sql and loaded again into
# empty databases, then the five properties of docs/frameworks.md.
require "active_record"
require "stringio"

$failures = 0
def check(condition, name)
  puts((condition ? "ok: " : "FAILED: ") + name)
  $failures += 1 unless condition
end

DATABASE = ENV.fetch("PGDATABASE")
def connect(database)
  ActiveRecord::Base.establish_connection(adapter: "postgresql", database: database, host: ENV.fetch("PGHOST"),
                                          port: ENV.fetch("PGPORT"), username: ENV.fetch("PGUSER"))
end
def value(sql) = ActiveRecord::Base.connection.select_value(sql)

Dir.chdir(__dir__)
ActiveRecord::Tasks::DatabaseTasks.db_dir = "db"
ActiveRecord::Tasks::DatabaseTasks.root = __dir__
ActiveRecord::Migration.verbose = false
connect(DATABASE)
puts "ActiveRecord #{ActiveRecord.version}, pg #{PG::VERSION}, Ruby #{RUBY_VERSION}"
ActiveRecord::Base.connection_pool.migration_context.migrate
require_relative "app/models/order"
check(value("SELECT count(*) FROM pg_extension WHERE extname = 'uuidx'") == 1, "enable_extension created the extension")
check(value("SELECT column_default FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'id'") ==
      "uuid_generate_v7()", "the key's default is uuid_generate_v7()")
check(value("SELECT attgenerated FROM pg_attribute WHERE attrelid = 'orders'::regclass AND attname = 'created_at'") == "v",
      "created_at is a virtual generated column")
check(!ActiveRecord::Base.connection_pool.migration_context.needs_migration?, "no migration is pending")

# db/schema.rb keeps the extension and the default, and loads into an empty database; but
# it writes the virtual column as STORED (Rails 7.2 knows no other): structure.sql keeps it.
schema = StringIO.new
ActiveRecord::SchemaDumper.dump(ActiveRecord::Base.connection_pool, schema)
schema = schema.string
check(schema.include?('enable_extension "uuidx"'), "schema.rb enables the extension")
check(schema.include?('create_table "orders", id: :uuid, default: -> { "uuid_generate_v7()" }'),
      "schema.rb keeps the key's default")
check(schema.include?('t.virtual "created_at", type: :timestamptz, null: false, as: "uuid_extract_timestamp(id)", stored: true'),
      "schema.rb writes the virtual created_at as stored: true")
config = ActiveRecord::Base.connection_db_config
ActiveRecord::Tasks::DatabaseTasks.dump_schema(config, :sql)  # db/structure.sql, by pg_dump
structure = File.read("db/structure.sql")
check(structure.include?("GENERATED ALWAYS AS (uuid_extract_timestamp(id))") && !structure.include?("STORED"),
      "structure.sql keeps created_at virtual")
%w[schema structure].each do |format|
  empty = "#{DATABASE}_#{format}"
  ActiveRecord::Base.connection.execute("DROP DATABASE IF EXISTS #{empty}")
  ActiveRecord::Base.connection.execute("CREATE DATABASE #{empty}")
  connect(empty)
  if format == "schema"
    ActiveRecord::Migration.suppress_messages { ActiveRecord::Schema.instance_eval(schema) }
  else
    ActiveRecord::Tasks::DatabaseTasks.load_schema(ActiveRecord::Base.connection_db_config, :sql, "db/structure.sql")
  end
  id = value("INSERT INTO orders (total) VALUES (1) RETURNING id")
  generated = value("SELECT attgenerated FROM pg_attribute WHERE attrelid = 'orders'::regclass AND attname = 'created_at'")
  check(value("SELECT uuid_extract_version('#{id}')") == 7 && generated == (format == "schema" ? "s" : "v"),
        "#{format} loads into an empty database: v7 keys, created_at #{format == 'schema' ? 'stored' : 'virtual'}")
  connect(DATABASE)
  ActiveRecord::Base.connection.execute("DROP DATABASE #{empty}")
end

# Insert without a key: the key comes back, a String (Ruby has no UUID type) of version 7.
UUID_V7 = /\A\h{8}-\h{4}-7\h{3}-[89ab]\h{3}-\h{12}\z/
order = Order.create!(total: 10)
check(order.id.is_a?(String) && order.id.match?(UUID_V7), "create! returns the generated key, a v7 UUID string")
keys = Array.new(50) { |i| Order.create!(total: i).id }
check(keys.each_cons(2).all? { |a, b| a < b }, "keys of one connection are strictly increasing")
bulk = Order.insert_all(Array.new(200) { |i| { total: i } }, returning: [:id]).rows.flatten
check(bulk.size == 200 && bulk.all? { |k| k.match?(UUID_V7) } && bulk.first > keys.last &&
      bulk.each_cons(2).all? { |a, b| a < b }, "insert_all gets v7 keys, in order")
millis = order.id.delete("-")[0, 12].to_i(16)
check(order.reload.created_at == Time.at(millis / 1000, millis % 1000, :millisecond).utc,
      "created_at is the key's time, to the millisecond")

# Why the model turns timestamps off: otherwise create! sets created_at to Rails' own clock in
# memory (the virtual column is never written), and the object disagrees with its row.
class StampedOrder < ActiveRecord::Base
  self.table_name = "orders"
end
stamped = StampedOrder.create!(total: 1)
in_memory = stamped.created_at
check(!in_memory.nil? && in_memory != stamped.reload.created_at,
      "with Rails' timestamps on, created_at in memory is Rails' clock, not the key's time")

# The time through the ORM: 20,000 orders over the last 20,000 minutes.
ActiveRecord::Base.connection.execute("INSERT INTO orders (id, total) SELECT public.uuidv7(-(g || ' minutes')::interval), g " \
                                      "FROM generate_series(1, 20000) g")
ActiveRecord::Base.connection.execute("ANALYZE orders")
latest = Order.order(created_at: :desc).limit(5)
now = Time.now
window = Order.where(created_at: (now - 86_400)...(now - 3600))
times = latest.map(&:created_at)
check(times.size == 5 && times.first == Order.order(id: :desc).first.created_at &&
      times.each_cons(2).all? { |a, b| a >= b }, "the latest 5 by created_at, the newest key's first")
plan = latest.explain.inspect
check(plan.include?("Index Scan Backward using orders_pkey"), "the latest 5 read the key's index backwards: #{plan.tr("\n", ' ')}")
check(window.count == 1380, "a time window (a day back to an hour back) holds its 1380 orders")
plan = window.explain.inspect
check(plan.include?("orders_pkey") && plan.include?("Index Cond: ((id >="),
      "the time window is a key range on the key's index: #{plan.tr("\n", ' ')}")

# A malformed key: where(id:) casts it to NULL (id = NULL), a silent empty result; a condition with a
# placeholder sends it as text, and PostgreSQL refuses it.
check(Order.where(id: "not-a-uuid").to_sql.end_with?('"id" = NULL') && Order.where(id: "not-a-uuid").to_a.empty?,
      "where(id: malformed) is a silent empty result (Rails casts it to NULL)")
begin
  Order.where("id = ?", "not-a-uuid").to_a
  check(false, "where('id = ?', malformed) is refused")
rescue ActiveRecord::StatementInvalid => e
  check(e.cause.is_a?(PG::InvalidTextRepresentation) && e.cause.result.error_field(PG::PG_DIAG_SQLSTATE) == "22P02",
        "where('id = ?', malformed) is PostgreSQL's 22P02: #{e.cause.message.lines.first.strip}")
end

exit($failures.zero? ? 0 : 1)
