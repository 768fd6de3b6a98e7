import WebSocket from 'ws';
import { ENGINE_OBJECT_PATHS, REMOTE_SOCKET_PATH, type RemoteServerMessage } from '@autostudio/protocol';

/**
 * One remote-control relay request and its answer, on a fresh socket of `origin` (a server copy, or a balancer in
 * front of copies): the auth answer, then the answer to one crane call on the caller's engine.
 */
export async function relayOnce(origin: string, token: string, instanceId: string): Promise<RemoteServerMessage[]> {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}${REMOTE_SOCKET_PATH}`);
  const answers: RemoteServerMessage[] = [];
  const next = () =>
    new Promise<RemoteServerMessage>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8')) as RemoteServerMessage)),
    );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'auth', requestId: '1', payload: { token, instanceId } }));
  answers.push(await next());
  socket.send(
    JSON.stringify({
      type: 'api_call',
      requestId: '2',
      payload: {
        url: '/remote/object/call',
        method: 'PUT',
        instanceId,
        body: {
          objectPath: ENGINE_OBJECT_PATHS.camera,
          functionName: 'CameraRigCraneControll',
          parameters: { deltaYaw: 5, deltaPitch: 0, deltaArm: 0 },
        },
      },
    }),
  );
  answers.push(await next());
  socket.close();
  return answers;
}
