"""Training tools for nardcore's networks (numpy; never imported by nardcore or the app)."""
