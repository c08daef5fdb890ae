"""The spool: how each rank's agent hands its sample to the node daemon. One schema
(`format`), the agent's writer (`writer`), the daemon's reader (`reader`)."""
