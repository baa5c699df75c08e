// The mocked REST service component tests talk to; each test adds the handlers it needs.
import { setupServer } from 'msw/node';

export const server = setupServer();
