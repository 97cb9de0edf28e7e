// The key settings of public ids (public_id.cpp), defined by _PG_init.
#pragma once

namespace uuidx::pg {

// Defines uuidx.public_id_key and uuidx.public_id_previous_key, only while uuidx is being
// preloaded: loaded by a session, uuidx defines neither, and the public id functions refuse.
void define_public_id_keys();

// Installs the log hook that keeps the text of a failing statement naming a key setting
// out of the server log, whether uuidx is preloaded or loaded by a session.
void hide_key_statements_from_the_log();

}  // namespace uuidx::pg
