// The mocked REST service component tests talk to. It always knows the network (every page
// shows its name); each test adds the handlers it needs.
import { setupServer } from 'msw/node';
import { networkHandler } from './rest-handlers';

export const server = setupServer(networkHandler());
