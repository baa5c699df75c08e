// The mocked REST service component tests talk to. It always knows the network (every page
// shows its name) and its members (author cards); each test adds the handlers it needs.
import { setupServer } from 'msw/node';
import { memberHandler, networkHandler } from './rest-handlers';

export const server = setupServer(networkHandler(), memberHandler());
