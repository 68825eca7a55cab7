/** The owner token every test server runs with (the outbox and the approval page need it). */
export const OWNER_TOKEN = "test-owner-token-not-for-production-000001";
