#!/bin/sh
# Makes the sandbox's live test loops once (Debian's ffmpeg; the product never runs it).
# Each loop: 10 s, 640x360 at 25 fps, H.264 main + AAC, a keyframe every 2 s, so it cuts into
# five 2-second MPEG-TS segments (HLS; named .mpegts, not .ts, so no TypeScript tool reads them) and the same pictures as an FLV file (HTTP-FLV tags).
# Committed small: all the loops together stay well under 3 MB.
set -eu
cd "$(dirname "$0")"
SECONDS_PER_LOOP=10
make_loop() {
  name=$1; video=$2; tone=$3
  rm -rf "$name" && mkdir -p "$name"
  tmp=$(mktemp --suffix=.mp4)
  # Encoded once; then copied into both forms (the FLV needs the decoder configuration an MP4 keeps).
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$video" \
    -f lavfi -i "sine=frequency=$tone:sample_rate=44100" \
    -t $SECONDS_PER_LOOP \
    -vf "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='$name %{pts\\:hms}':x=20:y=20:fontsize=28:fontcolor=white:box=1:boxcolor=black@0.5" \
    -c:v libx264 -profile:v main -preset veryfast -pix_fmt yuv420p -r 25 -g 50 -keyint_min 50 -sc_threshold 0 \
    -b:v 170k -maxrate 200k -bufsize 400k \
    -c:a aac -b:a 32k -ac 1 "$tmp"
  ffmpeg -hide_banner -loglevel error -y -i "$tmp" -c copy -f hls -hls_time 2 -hls_list_size 0 -hls_segment_filename "$name/%d.mpegts" "$name/loop.m3u8"
  ffmpeg -hide_banner -loglevel error -y -i "$tmp" -c copy -f flv "$name/loop.flv"
  rm -f "$tmp"
}
# A pitch: green field, a white ball crossing it, a clock in the corner.
make_loop pitch "color=c=0x2e7d32:s=640x360:r=25,drawbox=x=318:y=0:w=4:h=360:color=white@0.8:t=fill,geq=lum='if(lt(hypot(X-mod(N*8\,640)\,Y-180-80*sin(N/12))\,18)\,235\,lum(X\,Y))':cb='if(lt(hypot(X-mod(N*8\,640)\,Y-180-80*sin(N/12))\,18)\,128\,cb(X\,Y))':cr='if(lt(hypot(X-mod(N*8\,640)\,Y-180-80*sin(N/12))\,18)\,128\,cr(X\,Y))'" 440
make_loop court "testsrc2=s=640x360:r=25" 523
make_loop studio "smptehdbars=s=640x360:r=25,hue=H=2*PI*t/10" 659
du -ch */* | tail -1
