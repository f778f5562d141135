# otk as a stateless worker: a container image for clusters (a Kubernetes Indexed Job, a job
# array), each copy rendering its share of the inputs with `otk batch --shard K/N`.
#
#   docker build -f deploy/otk.Dockerfile -t otk .
#   docker run --rm -v "$PWD:/work" otk batch --manifest inputs.txt --output-dir out --shard 0/4
#
# Debian 12 in both stages. The build stage installs only the -dev packages `otk` links against
# (scripts/setup.sh installs more: GTK, test data, Pango) and links Swift's standard library and
# Foundation statically, so that the runtime stage needs no Swift toolchain. The runtime packages
# are what the static binary links (checked with ldd and dpkg -S on a build of this tree) and the
# data and fonts otk reads: hyphenation patterns, a spelling dictionary, the fonts documents name.
# It runs as an unprivileged user in /work.

ARG SWIFT_VERSION=6.3

FROM swift:${SWIFT_VERSION}-bookworm AS build
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends pkg-config libharfbuzz-dev libfreetype-dev \
      libfontconfig-dev libcairo2-dev libicu-dev libhyphen-dev libhunspell-dev libxml2-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product otk --static-swift-stdlib \
 && install -D "$(swift build -c release --show-bin-path)/otk" /out/otk

FROM debian:12-slim
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends \
      libharfbuzz0b libfreetype6 libfontconfig1 libcairo2 libicu72 libhyphen0 libhunspell-1.7-0 libxml2 \
      hyphen-en-us hyphen-de hyphen-fr hunspell-en-us \
      fonts-dejavu-core fonts-dejavu-extra fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji \
      fonts-liberation2 fonts-urw-base35 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --create-home --home-dir /home/otk otk \
 && mkdir /work && chown otk /work
COPY --from=build /out/otk /usr/local/bin/otk
USER otk
WORKDIR /work
ENTRYPOINT ["otk"]
CMD ["--help"]
