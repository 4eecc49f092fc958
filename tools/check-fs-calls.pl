#!/usr/bin/perl
# Every std::filesystem call in the server that touches the disk takes an error_code:
# the throwing forms end the io thread on a name the system refuses (ENAMETOOLONG,
# EACCES), and a request once took the server down that way (docs/server.md, "No
# exception leaves a boundary"). Run by `make format-check`.
#   tools/check-fs-calls.pl FILE...   prints each call without an error_code; exits 1
use strict;
use warnings;

# The calls that ask the operating system (path's own members never do).
my $calls = join '|', qw(
  absolute canonical weakly_canonical copy copy_file copy_symlink create_directory
  create_directories create_hard_link create_symlink create_directory_symlink
  current_path exists equivalent file_size hard_link_count is_block_file
  is_character_file is_directory is_empty is_fifo is_other is_regular_file is_socket
  is_symlink last_write_time permissions read_symlink relative proximate remove
  remove_all rename resize_file space status symlink_status temp_directory_path
  directory_iterator recursive_directory_iterator);
my $bad = 0;
for my $file (@ARGV) {
  open my $fh, '<', $file or die "$file: $!\n";
  local $/;
  my $text = <$fh>;
  while ($text =~ /std::filesystem::($calls)\s*\(/g) {
    my ($name, $start) = ($1, pos($text));
    my ($depth, $i) = (1, $start);
    while ($i < length($text) && $depth > 0) {
      my $c = substr($text, $i++, 1);
      $depth++ if $c eq '(';
      $depth-- if $c eq ')';
    }
    my $args = substr($text, $start, $i - $start - 1);
    next if $args =~ /\bec\b|error_code/;
    my $line = 1 + (substr($text, 0, $start) =~ tr/\n//);
    print "$file:$line: std::filesystem::$name without an error_code (it throws)\n";
    $bad = 1;
  }
}
exit $bad;
