# spit-tui serve: a headless game server for many rooms (docs/deploy.md).
#   docker build -t spit-tui .
#   docker run -d -p 127.0.0.1:7788:7788 -v spit-data:/data spit-tui
# Options after the image's name go to `spit-tui serve`.

FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY spit ./spit
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels \
    && useradd --system --uid 10001 --user-group --home-dir /home/spit --create-home spit \
    && mkdir /data && chown spit:spit /data
USER spit
ENV SPIT_TUI_HOME=/home/spit/spit-tui PYTHONUNBUFFERED=1
VOLUME /data
EXPOSE 7788
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s \
    CMD ["python", "-c", "import json, sys, urllib.request; r = urllib.request.urlopen('http://127.0.0.1:7788/health', timeout=4); sys.exit(json.load(r)['status'] != 'ok')"]
ENTRYPOINT ["spit-tui", "serve", "--host", "0.0.0.0", "--port", "7788", "--data", "/data"]
