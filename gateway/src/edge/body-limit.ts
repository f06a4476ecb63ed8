/**
 * Any request body over 1 MB is refused with 413, and any WebSocket message over it closes the socket with 1009
 * (decisions: Hardening; Security findings, issue 31).
 */
export const bodyLimitBytes = 1024 * 1024;
