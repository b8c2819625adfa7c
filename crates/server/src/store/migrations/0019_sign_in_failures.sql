-- Failed sign-ins (docs/api.md, "Sign-in limits"): each wrong password, by the folded name
-- it was tried on and the network it came from (an IPv4 address, an IPv6 /64), so that the
-- limits per account, per network and in all hold across restarts and instances. Rows older
-- than the longest window are deleted as new ones come.
CREATE TABLE sign_in_failures (
    name_key TEXT NOT NULL,
    network TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX sign_in_failures_by_name ON sign_in_failures (name_key, at);
CREATE INDEX sign_in_failures_by_network ON sign_in_failures (network, at);
CREATE INDEX sign_in_failures_by_time ON sign_in_failures (at);
