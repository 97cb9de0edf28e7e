SELECT uuidx_commit_horizon();
