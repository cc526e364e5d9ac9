// A test-only certificate for 127.0.0.1 and localhost, valid 2000-2099, its own CA: mail servers and receivers
// started by tests serve it, and the gateway is told to trust it, so tests show certificates are really checked.
// (smtp-server's built-in one has expired and names localhost only.)

export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg5YUgq7iHHxC+Pnob
rXzZdFEhTVAtt0ZCIRKcgZhkC6WhRANCAASga39kzohuWQVmWy082SVA2vAq0wMv
Z7Ds8sze051upL985wCpVq4eksyex8UqmGgop4cBX4KAVsKCGHdWLD+P
-----END PRIVATE KEY-----
`;

export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBaDCCAQ2gAwIBAgIBATAKBggqhkjOPQQDAjAUMRIwEAYDVQQDDAlsb2NhbGhv
c3QwIBcNMDAwMTAxMDAwMDAwWhgPMjA5OTEyMzEyMzU5NTlaMBQxEjAQBgNVBAMM
CWxvY2FsaG9zdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABKBrf2TOiG5ZBWZb
LTzZJUDa8CrTAy9nsOzyzN7TnW6kv3znAKlWrh6SzJ7HxSqYaCinhwFfgoBWwoIY
d1YsP4+jTjBMMBoGA1UdEQQTMBGHBH8AAAGCCWxvY2FsaG9zdDAPBgNVHRMBAf8E
BTADAQH/MB0GA1UdDgQWBBTOjBcz637fO+t90/S/Kuf3aKU3DDAKBggqhkjOPQQD
AgNJADBGAiEAzhjdLFkEh992k5MORc1m5eprM45v0rvtOv7hDEqLl/gCIQCpzbLe
/4OCe/75jLb2Uq99CEqgCmnAcnF8S0O8XYYf2Q==
-----END CERTIFICATE-----
`;
