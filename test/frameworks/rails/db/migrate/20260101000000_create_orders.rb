class CreateOrders < ActiveRecord::Migration[7.2]
  def change
    enable_extension "uuidx"
    create_table :orders, id: :uuid, default: -> { "uuid_generate_v7()" } do |t|
      t.decimal :total, precision: 10, scale: 2, null: false
      t.check_constraint "uuid_extract_version(id) = 7", name: "orders_id_v7"
    end
    # The key's time, VIRTUAL: Rails 7.2 makes only STORED generated columns on PostgreSQL.
    reversible do |dir|
      dir.up do
        execute "ALTER TABLE orders ADD COLUMN created_at timestamptz " \
                "GENERATED ALWAYS AS (uuid_extract_timestamp(id)) VIRTUAL NOT NULL"
      end
      dir.down { remove_column :orders, :created_at }
    end
  end
end
