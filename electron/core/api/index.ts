export { ApiError } from './api-error.ts';
export { createApiClient, imageIdFromLink, type ApiClient, type ApiClientOptions, type CallOptions } from './client.ts';
export { memoryCredentialStore, parseTimestamp, type CredentialStore, type Credentials } from './session.ts';
