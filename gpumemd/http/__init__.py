"""HTTP: the hardened server (pure protocol apart from the socket loop), web config, endpoints."""
