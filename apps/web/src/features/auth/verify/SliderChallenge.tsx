import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface SliderProps {
  background: string;
  piece: string;
  /** The challenge's own width in px, and the piece's top edge within it. */
  width: number;
  pieceY: number;
  /** Where the piece was dropped (in the challenge's px) and how long the drag took. */
  onDrop(x: number, durationMs: number): void;
  disabled?: boolean;
}

const HANDLE = 44;

/** Drag the piece into the notch: the handle and the piece move together. */
export function SliderChallenge({ background, piece, width, pieceY, onDrop, disabled }: SliderProps) {
  const { t } = useTranslation();
  const [x, setX] = useState(0);
  const [pieceWidth, setPieceWidth] = useState(HANDLE);
  const drag = useRef<{ startX: number; startedAt: number; from: number } | null>(null);
  const maxX = Math.max(0, width - pieceWidth);
  const clamp = (v: number) => Math.min(maxX, Math.max(0, v));

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (disabled) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startedAt: performance.now(), from: x };
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setX(clamp(drag.current.from + e.clientX - drag.current.startX));
  };
  const up = () => {
    if (!drag.current) return;
    const took = Math.round(performance.now() - drag.current.startedAt);
    drag.current = null;
    onDrop(Math.round(x), took);
  };

  return (
    <div className="bp-slider" style={{ width }}>
      <div className="bp-slider-stage" style={{ width }}>
        <img src={background} alt="" draggable={false} width={width} />
        <img
          className="bp-slider-piece"
          src={piece}
          alt=""
          draggable={false}
          style={{ left: x, top: pieceY }}
          onLoad={(e) => setPieceWidth(e.currentTarget.naturalWidth || HANDLE)}
        />
      </div>
      <div className="bp-slider-track">
        <div className="bp-slider-fill" style={{ width: x + HANDLE / 2 }} />
        <span className="bp-slider-hint">{t('verify.sliderHint')}</span>
        <div
          className="bp-slider-handle"
          role="slider"
          aria-label={t('verify.sliderHint')}
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={Math.round(x)}
          tabIndex={0}
          style={{ transform: `translateX(${(x / (maxX || 1)) * (width - HANDLE)}px)` }}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        >
          ›
        </div>
      </div>
    </div>
  );
}
