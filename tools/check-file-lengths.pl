#!/usr/bin/perl
# Each source file is readable in one sitting: at most 600 lines (issue 38; the layout in
# docs/architecture.md). A file that grows past it is split by what it does, not cut at
# line 600. Run by `make format-check`.
#   tools/check-file-lengths.pl FILE...   names each file over the limit; exits 1 if any
use strict;
use warnings;

my $limit = 600;
my $bad = 0;
for my $file (@ARGV) {
  open my $fh, '<', $file or die "$file: $!\n";
  my $lines = 0;
  $lines++ while <$fh>;
  close $fh;
  next if $lines <= $limit;
  print "$file: $lines lines (at most $limit: split it by what it does)\n";
  $bad = 1;
}
exit $bad;
