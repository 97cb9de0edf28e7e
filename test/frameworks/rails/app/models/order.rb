class Order < ActiveRecord::Base
  # created_at is the key's time, read from the database: Rails must not set it.
  self.record_timestamps = false
end
