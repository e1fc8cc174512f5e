import { useEffect, useReducer, useRef, useState } from 'react';
import { channel, type AnchorStatusEvent, type ChatMessage, type ChatRoomSetup, type Frame } from '@bp/contract';
import { createChannelSocket, pageSocketUrl, publicChannels, type ChannelSocket } from '../../../shared/realtime/channel-socket.ts';
import { session } from '../../../shared/session/session.ts';
import { liveApi } from '../api.ts';
import { EMPTY_LOG, addMessages, applyHistory, removeMessages, type ChatLog } from '../model/chat-log.ts';

let memberChat: { token: string; socket: ChannelSocket } | null = null;

/**
 * A member follows rooms on a socket that carries the token (a members-only room refuses a
 * visitor's socket); a visitor on the page's public one.
 */
function chatSocket(): ChannelSocket {
  const token = session.token();
  if (!token) return publicChannels;
  if (memberChat?.token !== token) {
    memberChat?.socket.close();
    memberChat = { token, socket: createChannelSocket({ url: () => `${pageSocketUrl()}?token=${encodeURIComponent(token)}` }) };
  }
  return memberChat.socket;
}

export interface ChatRoomEvents {
  /** A gift arrived live (not from history): the screen plays its animation. */
  onGift?(message: ChatMessage): void;
  onAnchorStatus?(event: AnchorStatusEvent): void;
}

/**
 * A room's messages: the latest page, then live frames on `chat:<chatRoomNo>`; once the channel is
 * confirmed (first, and back from a lost connection), what came after the last sequence seen (or the latest page when the server
 * says to reload), never a message twice. Removed messages leave the view; setup changes arrive.
 */
export function useChatRoom(chatRoomNo: string | null, member: boolean, events: ChatRoomEvents = {}) {
  const log = useRef<ChatLog>(EMPTY_LOG);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [setup, setSetup] = useState<ChatRoomSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const handlers = useRef(events);
  handlers.current = events;

  useEffect(() => {
    if (!chatRoomNo) return;
    let current = true;
    log.current = EMPTY_LOG;
    setLoaded(false);
    const update = (next: ChatLog) => {
      if (!current || next === log.current) return;
      log.current = next;
      rerender();
    };
    const read = async (catchUp: boolean) => {
      try {
        const answer = await liveApi.history(chatRoomNo, member, catchUp ? log.current.lastSeq : undefined);
        update(applyHistory(log.current, answer, catchUp));
        setFailure(null);
        if (current) setLoaded(true);
      } catch (err) {
        if (current) setFailure((err as Error).message);
      }
    };
    const onFrame = (frame: Frame) => {
      if (frame.type === 'chat.message') {
        update(addMessages(log.current, [frame.data]));
        if (frame.data.msgType === 'giftPush') handlers.current.onGift?.(frame.data);
      } else if (frame.type === 'chat.deleted') update(removeMessages(log.current, [frame.data.id], frame.data.seq));
      else if (frame.type === 'chat.room') setSetup(frame.data);
      else if (frame.type === 'anchor.status') handlers.current.onAnchorStatus?.(frame.data);
    };
    // The first page may be read before the room's frames flow to this socket: each time the server
    // confirms the channel (first, and after a reconnect), what came after the page is read too.
    const firstPage = read(false);
    const stop = chatSocket().subscribe(channel.chat(chatRoomNo), { onFrame, onSubscribed: () => void firstPage.then(() => read(true)) });
    return () => {
      current = false;
      stop();
    };
  }, [chatRoomNo, member]);

  return { log: log.current, setup, failure, loaded };
}
