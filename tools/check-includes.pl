#!/usr/bin/perl
# The include rules of docs/architecture.md, "The folders and their rules": a card passes
# through the server's folders in one direction (net -> router -> table -> social, players
# -> store -> model), so each folder may include only the folders below it. The engine
# knows nothing of the bots or of any I/O library, and the bots nothing of the server.
# Run by `make format-check`.
#   tools/check-includes.pl FILE...   prints each include that breaks a rule; exits 1
use strict;
use warnings;

# What each server folder may include besides itself, model/ (the floor) and options.h.
my %may = (
  'model'        => [],
  'protocol'     => [],
  'threads'      => [],
  'store'        => [],
  'store/sqlite' => ['store'],
  'store/pg'     => ['store'],
  'cluster'      => [qw(store protocol)],
  'players'      => [qw(store protocol threads)],
  'social'       => [qw(store protocol)],
  'table'        => [qw(social players store protocol threads)],
  'router'       => [qw(table social players cluster store protocol threads)],
  'net'          => [qw(router protocol store threads)],
);

# Known debts, each with the slice that pays it (docs/architecture.md, "Debts"). The check
# holds them to exactly these lines: a new one fails, and so does one that was paid and
# is still listed, so the list only shrinks.
# None is left (issue 38 paid the last: the table's events are data, and the protocol
# writes them). CHECK_INCLUDES_DEBTS ("file include;…") lists more, for the tool's test.
my %debt = ();
$debt{$_} = 'named by CHECK_INCLUDES_DEBTS' for grep { length } split /;/,
  ($ENV{CHECK_INCLUDES_DEBTS} // '');

my ($bad, %seen) = (0);
sub report { print "$_[0]\n"; $bad = 1; }
for my $file (@ARGV) {
  open my $fh, '<', $file or die "$file: $!\n";
  my $n = 0;
  while (my $line = <$fh>) {
    $n++;
    next unless $line =~ /^\s*#\s*include\s*([<"])([^>"]+)[>"]/;
    my ($kind, $inc) = ($1, $2);
    my $where = "$file:$n: includes $inc";
    if ($file =~ m{^engine/}) {
      report("$where: the engine is the rules alone (no bots, no Boost, no server)")
        if $inc =~ m{^(hearts/ai/|boost/|spdlog/|sqlite3|libpq|hiredis)};
    } elsif ($file =~ m{^ai/}) {
      report("$where: the bots know the engine, never the server or an I/O library")
        if $inc =~ m{^(boost/|spdlog/|sqlite3|libpq|hiredis)};
    } elsif ($file =~ m{^server/(.+)/[^/]+$} && exists $may{$1}) {
      my $from = $1;
      next if $kind eq '<' || $inc =~ m{^hearts/} || $inc eq 'options.h';
      my ($to) = $inc =~ m{^(.+)/[^/]+$};
      if (!defined $to) {
        report("$where: a server header is named from server/ (folder/file.h)");
        next;
      }
      next if $to eq $from || $to eq 'model' || grep { $_ eq $to } @{ $may{$from} };
      if (exists $debt{"$file $inc"}) {
        $seen{"$file $inc"} = 1;
        next;
      }
      report("$where: $from/ may include only " .
        join(', ', map {"$_/"} @{ $may{$from} }, 'model') . ' and options.h');
    } elsif ($file =~ m{^server/(.+)/[^/]+$}) {
      report("$file: server/$1/ is a folder with no include rule in tools/check-includes.pl");
    }
  }
}
# A debt is checked only when its file was: `make format-check` passes every file.
my %checked = map { $_ => 1 } @ARGV;
for my $d (sort keys %debt) {
  my ($file) = split / /, $d;
  report("$file: the listed debt \"$d\" ($debt{$d}) is paid: remove it from the list")
    if $checked{$file} && !$seen{$d};
}
exit $bad;
