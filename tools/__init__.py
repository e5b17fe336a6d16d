"""The build's parts: the site (site, inline, snapshot), the server, the test environment."""
